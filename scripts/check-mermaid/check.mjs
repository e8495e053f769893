// Parses each Mermaid file named on the command line with Mermaid's own
// parser (in Node, on a jsdom window) and exits 1 if any fails to parse.
import { JSDOM } from 'jsdom';
import { readFileSync } from 'node:fs';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');

let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const result = await mermaid.parse(readFileSync(file, 'utf8'));
    console.log(`${file}: parses as ${result.diagramType}`);
  } catch (error) {
    failed += 1;
    console.log(`${file}: ${error.message ?? error}`);
  }
}
process.exit(failed ? 1 : 0);
