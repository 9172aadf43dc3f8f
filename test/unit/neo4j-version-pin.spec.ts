import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';

describe('Neo4j version pin', () => {
  const read = (file: string) => readFileSync(join(projectRoot(__dirname), file), 'utf8');

  it('should run the test server on the version the compose image pins', () => {
    const pom = /<neo4j\.version>([^<]+)<\/neo4j\.version>/.exec(read('test/neo4j-server/pom.xml'))?.[1];
    const image = /^\s*image:\s*neo4j:(\S+)\s*$/m.exec(read('docker-compose.yml'))?.[1];

    expect(pom).toMatch(/^\d{4}\.\d{2}\.\d+$/);
    expect(image).toBe(pom);
  });
});
