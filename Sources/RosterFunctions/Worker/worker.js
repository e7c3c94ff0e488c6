// Roster's JavaScript function worker: one Node.js process, run by roster-server with no file
// system rights beyond reading this folder and js-bson, no child processes or workers, no code
// made from strings, and a heap cap. It reads frames on stdin and writes frames on stdout, each
// a 4-byte big-endian length and then JSON text, and runs one function at a time, each in a
// fresh context holding only what App Services gives a function: `exports`, `context`, `BSON`,
// `EJSON`, `utils`, `console`. Roster ends the process when a function overruns its deadline.
//
//   in:  {"run": {name, source, arguments, context: {user, app, environment, request, token,
//         values, runningAsSystem}}}
//        {"answer": n, "result": …} or {"answer": n, "error": "…"}   (to a call below)
//   out: {"ready": true}   once, when started
//        {"log": "log" | "error", "text": "…"}
//        {"call": n, "execute": name, "arguments": […]}
//        {"call": n, "data": {service, database, collection, action, arguments: […]}}
//        {"done": {"result": …}} or {"done": {"error": "…"}}
// Values travel as Extended JSON: canonical towards the function and Roster's data calls,
// relaxed in the function's answer (as js-bson's EJSON.stringify writes by default). A function
// that returns nothing answers BSON undefined, `{"$undefined": true}`, as App Services answered
// it; an answer of `context.functions.execute` that is BSON undefined reads as `undefined`.
'use strict';
const vm = require('node:vm');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const bson = require(process.argv[2]);

const maxFrameBytes = 64 << 20;

// BSON as App Services names it, frozen: a function cannot change what the next one sees.
bson.Binary.fromBase64 = (text, subType) => new bson.Binary(Buffer.from(String(text), 'base64'), subType || 0);
bson.Binary.fromHex = (text, subType) => new bson.Binary(Buffer.from(String(text), 'hex'), subType || 0);
bson.Binary.toBase64 = (binary) => binary.read(0, binary.position).toString('base64');
const BSON = Object.freeze({
  ObjectId: bson.ObjectId, ObjectID: bson.ObjectId, Decimal128: bson.Decimal128, Long: bson.Long, Int32: bson.Int32,
  Double: bson.Double, Binary: bson.Binary, Timestamp: bson.Timestamp, BSONRegExp: bson.BSONRegExp,
  MinKey: bson.MinKey, MaxKey: bson.MaxKey,
});
for (const type of Object.values(BSON)) { Object.freeze(type.prototype); Object.freeze(type); }

const ejsonScript = new vm.Script(fs.readFileSync(path.join(__dirname, 'ejson.js'), 'utf8'), { filename: 'ejson.js' });

// Frames out: the length and the text written into one buffer, with no copy between.
function send(message) {
  const text = JSON.stringify(message);
  const length = Buffer.byteLength(text, 'utf8');
  const frame = Buffer.allocUnsafe(4 + length);
  frame.writeUInt32BE(length, 0);
  frame.write(text, 4, length, 'utf8');
  process.stdout.write(frame);
}

// The function running now, and its calls waiting for Roster's answer. Calls are numbered
// across runs, so that a late answer meant for a run that is over reaches nothing.
let current = null;
let callCount = 0;

// What a thrown value reads as for the caller: an Error's message (its name first unless a plain
// Error; the name alone when the message is empty), a string as it is, anything else as JSON or
// its text. Always a string, and never throws: a value whose properties throw reads as such.
// A name that is not defined reads as App Services words it, the name quoted
// (`ReferenceError: 'unknown' is not defined`), as its clients' tests expect.
function errorText(error) {
  try {
    if (error !== null && typeof error === 'object' && typeof error.message === 'string') {
      const name = typeof error.name === 'string' ? error.name : '';
      if (error.message === '') return name || 'Error';
      let message = error.message;
      if (name === 'ReferenceError') message = message.replace(/^([^\s']+) is not defined$/, "'$1' is not defined");
      return name && name !== 'Error' ? name + ': ' + message : message;
    }
    if (typeof error === 'string') return error;
    if (typeof error === 'function') return 'the function threw a function';
    let text;
    try { text = JSON.stringify(error); } catch { text = undefined; }
    return typeof text === 'string' ? text : String(error);
  } catch {
    return 'the function threw a value that cannot be read';
  }
}

const show = (value) => {
  if (typeof value === 'string') return value;
  try { return current.EJSON.stringify(value); } catch { return String(value); }
};

function hostCall(request) {
  const run = current;
  return new Promise((resolve, reject) => {
    const n = ++callCount;
    run.waiting.set(n, { resolve, reject });
    send({ call: n, ...request(run) });
  });
}

// A context never used before, with its EJSON: made while the worker waits (`spare`), so that a
// run does not wait for it (making one is most of what a trivial function costs).
function freshContext() {
  const sandbox = vm.createContext({}, { codeGeneration: { strings: false, wasm: false } });
  return { sandbox, EJSON: ejsonScript.runInContext(sandbox)(BSON) };
}
let spare = null;
function makeSpare() {
  if (!spare) spare = freshContext();
}

function makeContext(job) {
  const { sandbox, EJSON } = spare || freshContext();
  spare = null;
  const given = job.context || {};
  const values = given.values || {};
  const serialize = (args) => Array.from(args, (a) => EJSON.serialize(a, { relaxed: false }));
  const collection = (service, database, name) => {
    const call = (action, args) =>
      hostCall(() => ({ data: { service, database, collection: name, action, arguments: serialize(args) } }))
        .then((answer) => EJSON.deserialize(answer));
    const handle = { database, name };
    for (const action of ['findOne', 'insertOne', 'insertMany', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany',
      'findOneAndUpdate', 'findOneAndReplace', 'findOneAndDelete', 'count', 'countDocuments', 'distinct']) {
      handle[action] = (...args) => call(action, args);
    }
    handle.find = (...args) => ({ toArray: () => call('find', args) });
    handle.aggregate = (...args) => ({ toArray: () => call('aggregate', args) });
    return Object.freeze(handle);
  };
  const context = {
    app: Object.freeze({ ...(given.app || {}) }),
    environment: Object.freeze({ tag: '', values: {}, ...(given.environment || {}) }),
    user: EJSON.deserialize(given.user || {}),
    request: EJSON.deserialize(given.request || {}),
    token: given.token,
    runningAsSystem: () => given.runningAsSystem === true,
    values: Object.freeze({ get: (name) => (Object.prototype.hasOwnProperty.call(values, name) ? EJSON.deserialize(values[name]) : undefined) }),
    functions: Object.freeze({
      execute: (name, ...args) =>
        hostCall(() => ({ execute: String(name), arguments: serialize(args) })).then((answer) => EJSON.deserialize(answer)),
    }),
    services: Object.freeze({
      get: (service) => Object.freeze({ db: (database) => Object.freeze({ collection: (name) => collection(String(service), String(database), String(name)) }) }),
    }),
    http: undefined,
  };
  const utils = Object.freeze({
    crypto: Object.freeze({
      hash: (algorithm, input) => new bson.Binary(crypto.createHash(String(algorithm)).update(bytes(input)).digest(), 0),
      hmac: (input, secret, algorithm, format) =>
        crypto.createHmac(String(algorithm), bytes(secret)).update(bytes(input)).digest(format === 'base64' ? 'base64' : 'hex'),
    }),
  });
  const console = Object.freeze({
    log: (...parts) => send({ log: 'log', text: parts.map(show).join(' ') }),
    error: (...parts) => send({ log: 'error', text: parts.map(show).join(' ') }),
  });
  Object.assign(sandbox, { exports: undefined, context: Object.freeze(context), BSON, EJSON, utils, console });
  return { sandbox, EJSON };
}

function bytes(value) {
  if (value && value._bsontype === 'Binary') return value.read(0, value.position);
  return Buffer.from(String(value), 'utf8');
}

// Compiled functions, by name and source, for later runs: a script is bound to no context, so
// each run still runs it in a fresh one. At most `maxCompiledBytes` of source is kept, the
// oldest dropped first.
const maxCompiledBytes = 4 << 20;
const scripts = new Map();
let compiledBytes = 0;
function compiled(name, source) {
  const key = name + '\n' + source;
  const known = scripts.get(key);
  if (known) return known;
  const script = new vm.Script(source, { filename: name + '.js' });
  if (key.length <= maxCompiledBytes) {
    scripts.set(key, script);
    compiledBytes += key.length;
    for (const old of scripts.keys()) {
      if (compiledBytes <= maxCompiledBytes) break;
      scripts.delete(old);
      compiledBytes -= old.length;
    }
  }
  return script;
}

async function run(job) {
  const { sandbox, EJSON } = makeContext(job);
  current = { EJSON, waiting: new Map() };
  try {
    compiled(String(job.name), String(job.source)).runInContext(sandbox);
    const exported = sandbox.exports;
    if (typeof exported !== 'function') throw new Error("function '" + job.name + "' exports no function (exports = function …)");
    const args = (job.arguments || []).map((a) => EJSON.deserialize(a));
    const result = await exported.apply(undefined, args);
    send({ done: { result: result === undefined ? { $undefined: true } : EJSON.serialize(result) } });
  } catch (error) {
    send({ done: { error: errorText(error) } });
  }
  current = null;
  // After the answer has gone, unless a frame is already waiting.
  setImmediate(makeSpare);
}

function received(message) {
  if (message.run) return run(message.run);
  if (message.answer !== undefined && current) {
    const waiting = current.waiting.get(message.answer);
    if (!waiting) return;
    current.waiting.delete(message.answer);
    if (message.error !== undefined) waiting.reject(new Error(String(message.error)));
    else waiting.resolve(message.result);
  }
}

// A promise a function rejected and left unhandled does not end the worker (Node would): it is
// written to the log of the function still running, if any.
process.on('unhandledRejection', (reason) => {
  if (current) send({ log: 'error', text: 'unhandled promise rejection: ' + errorText(reason) });
});

let buffered = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
  while (buffered.length >= 4) {
    const length = buffered.readUInt32BE(0);
    if (length > maxFrameBytes) process.exit(2);
    if (buffered.length < 4 + length) break;
    const message = JSON.parse(buffered.subarray(4, 4 + length).toString('utf8'));
    buffered = buffered.subarray(4 + length);
    received(message);
  }
});
process.stdin.on('end', () => process.exit(0));
makeSpare();
send({ ready: true });
