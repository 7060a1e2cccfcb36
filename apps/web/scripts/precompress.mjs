// Writes a brotli (.br) and a gzip (.gz) copy beside every script, style sheet, page and SVG
// of the static export, so the server sends them compressed (@fastify/static preCompressed)
// without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'out';
const COMPRESSIBLE = /\.(js|css|html|svg|txt|json|map)$/;
// Below this the headers cost more than the bytes saved.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let afterBr = 0;
for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
  const path = join(dir, name);
  if (!COMPRESSIBLE.test(name) || !statSync(path).isFile()) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  files++;
  before += body.length;
  afterBr += br.length;
}
console.log(
  `precompress: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli`,
);
