import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { openPglite } from '../db/pglite.ts';
import { generateDatabaseTypes, TYPES_FILE } from './generate.ts';
import { introspect } from './introspect.ts';
import { renderDatabaseTypes } from './render.ts';

describe('src/data/database.types.ts', () => {
  it('is what npm run gen:types makes of the migrations (run it after changing a migration)', async () => {
    expect(await readFile(TYPES_FILE, 'utf8')).toBe(await generateDatabaseTypes());
  });
});

describe('renderDatabaseTypes, in the format of supabase gen types typescript', () => {
  let db: Db;
  let text: string;

  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec(`
      create type public.mood as enum ('happy', 'sad');
      create type public.pair as (label text, tags text[]);
      create table public.owners (
        id bigint generated always as identity primary key,
        name text not null,
        nick text,
        mood public.mood default 'happy',
        meta jsonb,
        "user-name" text not null default ''
      );
      create table public.pets (
        id uuid primary key default gen_random_uuid(),
        owner_id bigint not null references public.owners (id),
        born date not null,
        weights numeric[] not null default '{}'
      );
      create table public.passports (pet_id uuid primary key references public.pets (id), nr text not null);
      create view public.named_pets as select p.id, o.name from public.pets p join public.owners o on o.id = p.owner_id;
      create function public.pets_of(public.owners) returns setof public.pets language sql stable rows 3
        as $$ select * from public.pets where owner_id = $1.id $$;
      create function public.first_owner() returns setof public.owners language sql stable rows 1
        as $$ select * from public.owners order by id limit 1 $$;
      create function public.count_pets(p_owner bigint, p_kind text default null) returns integer language sql
        as $$ select count(*)::int from public.pets where owner_id = p_owner $$;
      create function public.make_pair() returns public.pair language sql as $$ select ('a', '{}')::public.pair $$;
      create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;
    `);
    text = renderDatabaseTypes(await introspect(db, 'public'));
  });
  afterAll(() => db.close());

  const block = (start: string) => {
    const from = text.indexOf(`\n${start}`) + 1;
    const indent = start.length - start.trimStart().length;
    const end = text.indexOf(`\n${' '.repeat(indent)}}`, from);
    return text.slice(from, end + indent + 2);
  };

  it('types Row, Insert (optional where the database fills it in) and Update (all optional)', () => {
    expect(block('      owners: {')).toBe(`      owners: {
        Row: {
          id: number
          meta: Json | null
          mood: Database["public"]["Enums"]["mood"] | null
          name: string
          nick: string | null
          "user-name": string
          pets_of: {
            born: string
            id: string
            owner_id: number
            weights: number[]
          } | null
        }
        Insert: {
          id?: never
          meta?: Json | null
          mood?: Database["public"]["Enums"]["mood"] | null
          name: string
          nick?: string | null
          "user-name"?: string
        }
        Update: {
          id?: never
          meta?: Json | null
          mood?: Database["public"]["Enums"]["mood"] | null
          name?: string
          nick?: string | null
          "user-name"?: string
        }
        Relationships: []
      }`);
  });

  it('lists foreign keys as Relationships, one-to-one when the columns are the table key', () => {
    expect(block('      passports: {')).toContain(`        Relationships: [
          {
            foreignKeyName: "passports_pet_id_fkey"
            columns: ["pet_id"]
            isOneToOne: true
            referencedRelation: "pets"
            referencedColumns: ["id"]
          },
        ]`);
    expect(block('      pets: {')).toContain('isOneToOne: false\n            referencedRelation: "owners"');
  });

  it('types functions: arrays for sets of rows, SetofOptions, defaults as optional Args; triggers left out', () => {
    expect(block('      count_pets: {')).toBe(`      count_pets: {
        Args: { p_kind?: string; p_owner: number }
        Returns: number
      }`);
    expect(block('      first_owner: {')).toContain('          nick: string | null\n          "user-name": string\n        }\n        SetofOptions: {\n          from: "*"\n          to: "owners"\n          isOneToOne: true');
    expect(block('      pets_of: {')).toContain('}[]\n        SetofOptions: {\n          from: "owners"\n          to: "pets"\n          isOneToOne: false\n          isSetofReturn: true');
    expect(block('      make_pair: {')).toContain('Returns: Database["public"]["CompositeTypes"]["pair"]\n        SetofOptions: {\n          from: "*"\n          to: "pair"');
    expect(text).not.toContain('touch');
  });

  it('types views, enums, composite types and the Constants', () => {
    expect(block('      named_pets: {')).toBe(`      named_pets: {
        Row: {
          id: string | null
          name: string | null
        }
        Relationships: []
      }`);
    expect(block('    Enums: {')).toBe('    Enums: {\n      mood: "happy" | "sad"\n    }');
    expect(block('    CompositeTypes: {')).toContain('      pair: {\n        label: string | null\n        tags: string[] | null\n      }');
    expect(text).toContain('export const Constants = {\n  public: {\n    Enums: {\n      mood: ["happy", "sad"],\n    },\n  },\n} as const\n');
  });
});
