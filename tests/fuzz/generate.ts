/**
 * Request values from JSON schemas (as the OpenAPI document states them): mostly valid values, so
 * requests reach the handlers, with hostile ones mixed in for every declared type. Everything is
 * drawn from a seeded generator, so a failing run is reproduced by its seed.
 */

export type Schema = Record<string, unknown>;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Draw {
  readonly random: () => number;

  constructor(random: () => number) {
    this.random = random;
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }
}

/** Strings that have broken parsers, databases, logs and pages before. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀'.repeat(50),
  '\r\n\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '%',
  '%zz',
  '%00',
  '../../../../etc/passwd',
  '//evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '9'.repeat(40),
  'true',
  'null',
  '{}',
  '[]',
  'a'.repeat(10_000),
  '量子咖啡 😀 ‮RTL',
];

/** Numbers and not-quite-numbers for integer and number fields. */
export const HOSTILE_NUMBERS: readonly unknown[] = [
  0,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 53),
  2 ** 31,
  1e308,
  'Infinity',
  '-Infinity',
  '1e309',
  'NaN',
  '0x10',
  ' 1',
  '1 ',
  '1abc',
  '',
  null,
  true,
  [1, 2],
  {},
];

const HOSTILE_OTHERS: readonly unknown[] = [
  null,
  true,
  'maybe',
  2,
  [],
  {},
  [[[[[]]]]],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
];

export type Resolve = (schema: Schema) => Schema;

/** A schema's alternatives (anyOf/oneOf), or the schema itself. */
function alternatives(schema: Schema): Schema[] {
  const options = (schema['anyOf'] ?? schema['oneOf']) as Schema[] | undefined;
  return options && options.length > 0 ? options : [schema];
}

function validString(schema: Schema, draw: Draw): string {
  const values = schema['enum'] as string[] | undefined;
  if (values) return draw.pick(values);
  if (typeof schema['const'] === 'string') return schema['const'];
  const format = schema['format'];
  if (format === 'email') return `fuzz${draw.int(0, 9999)}@example.test`;
  if (format === 'date-time') return new Date(Date.now() + draw.int(-1e9, 1e9)).toISOString();
  if (format === 'uri') return `https://example.test/${draw.int(0, 9999)}`;
  const min = Number(schema['minLength'] ?? 1);
  const max = Math.min(Number(schema['maxLength'] ?? 24), Math.max(min, 24));
  const length = draw.int(min, Math.max(min, max));
  let out = '';
  for (let i = 0; i < length; i++) out += draw.pick(['a', 'b', 'z', '1', '量', '子', ' ', '-']);
  return out.trim() === '' && min > 0 ? 'x'.repeat(Math.max(1, min)) : out;
}

function validNumber(schema: Schema, draw: Draw, integer: boolean): number {
  const min = Number(schema['minimum'] ?? (integer ? 0 : -1000));
  const max = Number(schema['maximum'] ?? min + 1000);
  const value = min + draw.random() * (max - min);
  return integer ? Math.floor(value) : value;
}

/**
 * A value for `schema`: valid most of the time; with probability `hostility` (per field, so nested
 * objects usually carry one bad field among good ones) a hostile value of the declared type.
 */
export function generate(
  schema: Schema,
  draw: Draw,
  resolve: Resolve,
  hostility: number,
  depth = 0,
): unknown {
  const chosen = resolve(draw.pick(alternatives(resolve(schema))));
  const type = chosen['type'];
  if (draw.chance(hostility)) {
    if (type === 'string') return draw.pick(HOSTILE_STRINGS);
    if (type === 'integer' || type === 'number') return draw.pick(HOSTILE_NUMBERS);
    return draw.pick(HOSTILE_OTHERS);
  }
  switch (type) {
    case 'string':
      return validString(chosen, draw);
    case 'integer':
    case 'number':
      return validNumber(chosen, draw, type === 'integer');
    case 'boolean':
      return draw.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const items = (chosen['items'] ?? {}) as Schema;
      const max = Math.min(Number(chosen['maxItems'] ?? 4), 4);
      const length = depth > 3 ? 0 : draw.int(Number(chosen['minItems'] ?? 0), max);
      return Array.from({ length }, () => generate(items, draw, resolve, hostility, depth + 1));
    }
    case 'object': {
      const properties = (chosen['properties'] ?? {}) as Record<string, Schema>;
      const required = new Set((chosen['required'] ?? []) as string[]);
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        // A required field is sometimes left out, an optional one sometimes sent.
        const send = required.has(name) ? !draw.chance(hostility / 2) : draw.chance(0.5);
        if (send && depth < 5) out[name] = generate(property, draw, resolve, hostility, depth + 1);
      }
      if (draw.chance(hostility / 2)) out['unexpectedField'] = draw.pick(HOSTILE_STRINGS);
      return out;
    }
    default:
      return draw.pick([...HOSTILE_STRINGS.slice(0, 5), ...HOSTILE_OTHERS]);
  }
}

/** A value as it travels in a query string or a path segment. */
export function asParam(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
