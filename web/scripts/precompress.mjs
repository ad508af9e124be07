// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build
// (dist/assets and index.html), at the highest levels: done once at build time, so portald
// serves them with Content-Encoding instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const minSize = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let br = 0;
for (const path of files(dist)) {
  if (!compressible.test(path) || statSync(path).size < minSize) continue;
  const data = readFileSync(path);
  const b = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${path}.br`, b);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  raw += data.length;
  br += b.length;
}
console.log(
  `precompressed ${(raw / 1024).toFixed(0)} kB of assets to ${(br / 1024).toFixed(0)} kB (brotli)`,
);
