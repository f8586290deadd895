// A small printer for TypeScript type expressions that lays them out as Prettier does with
// the Supabase CLI's settings (width 80, two spaces, no semicolons, double quotes), so the
// generated file reads exactly like `supabase gen types typescript` output. It knows only the
// shapes that file is made of: object type literals, unions, arrays, tuples and atoms.

export type TsType =
  | { kind: 'atom'; text: string }
  | { kind: 'object'; members: Member[]; expanded: boolean }
  | { kind: 'union'; types: TsType[] }
  | { kind: 'array'; of: TsType }
  | { kind: 'tuple'; items: TsType[] };

export interface Member {
  key: string;
  type: TsType;
  optional?: boolean;
  /** printed as written (`[_ in never]`), never quoted */
  verbatim?: boolean;
}

const WIDTH = 80;

export const atom = (text: string): TsType => ({ kind: 'atom', text });
/** `expanded`: the CLI writes it over several lines, and Prettier keeps an object that way. */
export const object = (members: Member[], expanded = true): TsType => ({ kind: 'object', members, expanded });
export const union = (...types: TsType[]): TsType => (types.length === 1 ? types[0]! : { kind: 'union', types });
export const array = (of: TsType): TsType => ({ kind: 'array', of });
export const tuple = (items: TsType[]): TsType => ({ kind: 'tuple', items });
export const nullable = (t: TsType): TsType => (t.kind === 'atom' && t.text === 'unknown' ? t : union(t, atom('null')));
export const literal = (value: string): TsType => atom(JSON.stringify(value));

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
export const propertyKey = (key: string): string => (IDENTIFIER.test(key) ? key : JSON.stringify(key));

const memberHead = (m: Member): string => `${m.verbatim ? m.key : propertyKey(m.key)}${m.optional ? '?' : ''}: `;

/** A hard line break inside forces every enclosing object, union and tuple to break too. */
function breaks(t: TsType): boolean {
  switch (t.kind) {
    case 'atom':
      return false;
    case 'object':
      return (t.expanded && t.members.length > 0) || t.members.some((m) => breaks(m.type));
    case 'union':
      return t.types.some(breaks);
    case 'array':
      return breaks(t.of);
    case 'tuple':
      return t.items.some(breaks);
  }
}

function flat(t: TsType): string {
  switch (t.kind) {
    case 'atom':
      return t.text;
    case 'object':
      return t.members.length === 0 ? '{}' : `{ ${t.members.map((m) => memberHead(m) + flat(m.type)).join('; ')} }`;
    case 'union':
      return t.types.map(flat).join(' | ');
    case 'array':
      return t.of.kind === 'union' ? `(${flat(t.of)})[]` : `${flat(t.of)}[]`;
    case 'tuple':
      return `[${t.items.map(flat).join(', ')}]`;
  }
}

const pad = (n: number): string => ' '.repeat(n);

/** An object or tuple next to `null`/`undefined` keeps its braces on the line: `{ ... } | null`. */
const hugs = (t: TsType & { kind: 'union' }): boolean =>
  t.types.filter((m) => m.kind === 'object' || m.kind === 'tuple').length === 1 &&
  t.types.every((m) => m.kind === 'object' || m.kind === 'tuple' || (m.kind === 'atom' && (m.text === 'null' || m.text === 'undefined')));

/**
 * Prints `t` starting at column `column` of a line whose content is indented by `indent`;
 * `tail` characters follow it on the same line.
 */
export function print(t: TsType, indent: number, column: number, tail = 0): string {
  if (!breaks(t) && column + flat(t).length + tail <= WIDTH) return flat(t);
  switch (t.kind) {
    case 'atom':
      return t.text;
    case 'object':
      return `{\n${t.members.map((m) => printMember(m, indent + 2)).join('\n')}\n${pad(indent)}}`;
    case 'union':
      if (hugs(t)) return t.types.map((m) => print(m, indent, column)).join(' | ');
      return t.types.map((m) => `\n${pad(indent + 2)}| ${print(m, indent + 4, indent + 4)}`).join('');
    case 'array':
      return t.of.kind === 'union' ? `(${print(t.of, indent, column + 1, tail + 3)})[]` : `${print(t.of, indent, column, tail + 2)}[]`;
    case 'tuple':
      return `[\n${t.items.map((item) => `${pad(indent + 2)}${print(item, indent + 2, indent + 2, 1)},`).join('\n')}\n${pad(indent)}]`;
  }
}

/** One member of an object laid out over several lines, on its own line(s) at `indent`. */
export function printMember(m: Member, indent: number): string {
  const head = `${pad(indent)}${memberHead(m)}`;
  const body = print(m.type, indent, head.length);
  // a union broken over lines starts on the next line, after `key:`
  return body.startsWith('\n') ? head.trimEnd() + body : head + body;
}
