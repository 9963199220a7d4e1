// Writes tests/data/lzstring_vectors.json: inputs and what the npm package lz-string (1.5.0) makes of
// them, so tests/test_puzzle_formats.py checks engine/puzzle/lzstring.py against the JavaScript
// original.  Test-only; run it where lz-string is installed:
//     npm install lz-string@1.5.0 && node tests/tools/lzstring_vectors.js > tests/data/lzstring_vectors.json
const LZ = require('lz-string');
const fs = require('fs');
const path = require('path');

const inputs = [
  'a', 'ab', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'hello world', 'abababababababababababab',
  'Ünïcödé: 数独, Ελληνικά', 'emoji \u{1F600} and \u{1F9E9} past the BMP', '\u0100\u0101\u0102',
  'x'.repeat(5000),
];
// deterministic pseudo-random texts of many lengths (a linear congruential generator, no Math.random)
let seed = 12345;
const rand = n => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
for (const size of [1, 2, 3, 7, 50, 300, 2000]) {
  let s = '';
  for (let i = 0; i < size; i++) s += String.fromCharCode(32 + rand(rand(4) === 0 ? 2000 : 95));
  inputs.push(s);
}
// the first three published puzzles of the variants data, as f-puzzles JSON
const data = path.join(__dirname, '..', '..', '..', 'shared', 'data', 'variants', 'train.jsonl');
if (fs.existsSync(data)) {
  fs.readFileSync(data, 'utf8').split('\n').filter(Boolean).slice(0, 3)
    .forEach(line => inputs.push(JSON.stringify(JSON.parse(line).fpuzzles)));
}
const vectors = inputs.map(text => ({text, base64: LZ.compressToBase64(text)}));
vectors.push({text: '', base64: LZ.compressToBase64('')});
process.stdout.write(JSON.stringify({
  package: 'lz-string@1.5.0',
  vectors,
  decompress: {'': LZ.decompressFromBase64(''), 'A': LZ.decompressFromBase64('A')},
}, null, 0) + '\n');
