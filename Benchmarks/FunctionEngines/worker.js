// The Node.js side of the engine comparison: a long-lived worker reading frames (4-byte
// big-endian length, then JSON) on stdin and answering on stdout. {"call": args} runs the
// function; {"data": answer} answers its data call.
const vm = require('vm');
const context = vm.createContext({});
let pending = null;
context.data = (query) => new Promise((resolve) => { pending = resolve; send({ data: query }); });
const trivial = vm.runInContext('(function (a, b) { return a + b })', context);
const oneCall = vm.runInContext('(async function (id) { const doc = await data({ _id: id }); return doc.name })', context);
function send(message) {
  const body = Buffer.from(JSON.stringify(message));
  const head = Buffer.alloc(4); head.writeUInt32BE(body.length);
  process.stdout.write(Buffer.concat([head, body]));
}
let buffered = Buffer.alloc(0);
process.stdin.on('data', async (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32BE(0)) {
    const length = buffered.readUInt32BE(0);
    const message = JSON.parse(buffered.subarray(4, 4 + length));
    buffered = buffered.subarray(4 + length);
    if ('data' in message) { const resolve = pending; pending = null; resolve(message.data); continue; }
    const fn = message.which === 'trivial' ? trivial : oneCall;
    Promise.resolve(fn(...message.call)).then((result) => send({ result }));
  }
});
