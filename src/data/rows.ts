// Query results as the domain's entity types. supabase-js infers each result from the select
// string and the generated schema; the entity must be a view of that result: every field it
// names present, of the same type, null only where the result allows null (checked by the
// compiler at each call). The one thing the compiler cannot see is a CHECK constraint that
// narrows a column to a few values (gender 1..3, language de/fr, the send method), so literal
// unions of the entity are compared as their base type.

/** T with every literal union widened to its primitive (1 | 2 | 3 to number), deeply. */
export type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer U)[]
        ? readonly Widen<U>[]
        : T extends object
          ? { [K in keyof T]: Widen<T[K]> }
          : T;

/**
 * `asEntity<Order[]>()(data)`: data typed as the entity once the compiler has checked that it
 * has the entity's shape (see above). A mismatch is a compile error at the call.
 */
export const asEntity =
  <E>() =>
  <R extends Widen<E>>(data: R): E =>
    // R is E with columns the database constrains further; checked by the bound on R
    data as Widen<E> as E;
