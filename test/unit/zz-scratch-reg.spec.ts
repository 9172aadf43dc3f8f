import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
it('prints', () => {
  const r = CypherRegistry.load();
  console.log(r.statements('schema').map((s, i) => `--- ${i}\n${s}`).join('\n'));
  console.log(r.get('memory/search-memory-vectors'));
});
