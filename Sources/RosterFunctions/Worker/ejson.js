// EJSON as App Services gives it to a function: Extended JSON to and from JavaScript values with
// BSON's types. This text is run inside each function's own context (so its arrays, objects and
// dates are that context's), given the BSON types, and yields the EJSON global.
(function (BSON) {
  'use strict';
  const maxDepth = 100;
  const define = (object, key, value) =>
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  const hex2 = (n) => (n < 16 ? '0' : '') + n.toString(16);

  function toDouble(text) {
    if (text === 'Infinity') return Infinity;
    if (text === '-Infinity') return -Infinity;
    if (text === 'NaN') return NaN;
    return Number(text);
  }

  function doubleText(n) {
    if (Number.isNaN(n)) return 'NaN';
    if (n === Infinity) return 'Infinity';
    if (n === -Infinity) return '-Infinity';
    if (Object.is(n, -0)) return '-0.0';
    return Number.isInteger(n) && Math.abs(n) < 1e21 ? n.toFixed(1) : String(n);
  }

  function deserialize(value, options) {
    const relaxed = !options || options.relaxed !== false;
    const walk = (v, depth) => {
      if (v === null || typeof v !== 'object') return v;
      if (depth > maxDepth) throw new Error('the value is nested more than ' + maxDepth + ' levels deep');
      if (Array.isArray(v)) {
        const out = [];
        for (let i = 0; i < v.length; i++) out.push(walk(v[i], depth + 1));
        return out;
      }
      const keys = Object.keys(v);
      const key = keys[0];
      if (key !== undefined && key[0] === '$') {
        const inner = v[key];
        switch (key) {
          case '$oid': return new BSON.ObjectId(inner);
          case '$numberInt': return relaxed ? parseInt(inner, 10) : new BSON.Int32(parseInt(inner, 10));
          case '$numberDouble': return relaxed ? toDouble(inner) : new BSON.Double(toDouble(inner));
          case '$numberLong': {
            const long = BSON.Long.fromString(String(inner));
            const n = long.toNumber();
            return relaxed && Number.isSafeInteger(n) ? n : long;
          }
          case '$numberDecimal': return BSON.Decimal128.fromString(String(inner));
          case '$date': {
            if (typeof inner === 'string') return new Date(Date.parse(inner));
            if (typeof inner === 'number') return new Date(inner);
            if (inner && typeof inner === 'object' && '$numberLong' in inner) return new Date(Number(inner.$numberLong));
            break;
          }
          case '$binary': {
            if (inner && typeof inner === 'object') return BSON.Binary.fromBase64(inner.base64, parseInt(inner.subType, 16));
            if (typeof inner === 'string') return BSON.Binary.fromBase64(inner, parseInt(v.$type, 16));
            break;
          }
          case '$uuid': return BSON.Binary.fromHex(String(inner).replace(/-/g, ''), 4);
          case '$timestamp': return new BSON.Timestamp(inner.i, inner.t);
          case '$regularExpression': return new BSON.BSONRegExp(inner.pattern, inner.options);
          case '$minKey': return new BSON.MinKey();
          case '$maxKey': return new BSON.MaxKey();
          case '$symbol': return String(inner);
          case '$undefined': return undefined;
        }
      }
      const out = {};
      for (const k of keys) define(out, k, walk(v[k], depth + 1));
      return out;
    };
    return walk(value, 0);
  }

  function serialize(value, options) {
    const relaxed = !options || options.relaxed !== false;
    const number = (n) => {
      if (relaxed && Number.isFinite(n) && !Object.is(n, -0)) return n;
      if (Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 && !Object.is(n, -0)) return { $numberInt: String(n) };
      return { $numberDouble: doubleText(n) };
    };
    const walk = (v, depth) => {
      if (v === null || v === undefined) return null;
      switch (typeof v) {
        case 'number': return number(v);
        case 'string': case 'boolean': return v;
        case 'bigint': return { $numberLong: v.toString() };
        case 'function': case 'symbol': return undefined;
      }
      if (depth > maxDepth) throw new Error('the value is nested more than ' + maxDepth + ' levels deep');
      if (Object.prototype.toString.call(v) === '[object Date]') {
        const ms = v.getTime();
        if (Number.isNaN(ms)) return null;
        return relaxed && ms >= 0 && ms < 253402300800000 ? { $date: v.toISOString() } : { $date: { $numberLong: String(ms) } };
      }
      if (Array.isArray(v)) {
        const out = [];
        for (let i = 0; i < v.length; i++) { const s = walk(v[i], depth + 1); out.push(s === undefined ? null : s); }
        return out;
      }
      if (Object.prototype.toString.call(v) === '[object RegExp]') {
        const flags = v.flags.split('').filter((f) => 'imsux'.includes(f)).sort().join('');
        return { $regularExpression: { pattern: v.source, options: flags } };
      }
      switch (v._bsontype) {
        case 'ObjectID': case 'ObjectId': return { $oid: v.toHexString() };
        case 'Decimal128': return { $numberDecimal: v.toString() };
        case 'Long': {
          const n = v.toNumber();
          return relaxed && Number.isSafeInteger(n) ? n : { $numberLong: v.toString() };
        }
        case 'Int32': return relaxed ? v.valueOf() : { $numberInt: String(v.valueOf()) };
        case 'Double': return relaxed && Number.isFinite(v.valueOf()) ? v.valueOf() : { $numberDouble: doubleText(v.valueOf()) };
        case 'Binary': return { $binary: { base64: BSON.Binary.toBase64(v), subType: hex2(v.sub_type) } };
        case 'Timestamp': return { $timestamp: { t: v.getHighBits() >>> 0, i: v.getLowBits() >>> 0 } };
        case 'BSONRegExp': return { $regularExpression: { pattern: v.pattern, options: v.options } };
        case 'MinKey': return { $minKey: 1 };
        case 'MaxKey': return { $maxKey: 1 };
      }
      const out = {};
      for (const k of Object.keys(v)) { const s = walk(v[k], depth + 1); if (s !== undefined) define(out, k, s); }
      return out;
    };
    return walk(value, 0);
  }

  return Object.freeze({
    serialize,
    deserialize,
    stringify: (value, replacer, space, options) => {
      // As js-bson's: the options may come second or third.
      if (replacer && typeof replacer === 'object' && !Array.isArray(replacer)) { options = replacer; replacer = undefined; space = 0; }
      if (space && typeof space === 'object') { options = space; space = 0; }
      return JSON.stringify(serialize(value, options), replacer, space);
    },
    parse: (text, options) => deserialize(JSON.parse(text), options),
  });
});
