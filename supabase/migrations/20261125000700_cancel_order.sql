-- A patient cancels an order the pharmacy has not started: status 0 → 99 (spec
-- §4 "canceled"), for the order and its partial deliveries (child orders) alike.
--
-- The rules:
-- - only the caller's own top-level order; an unknown order, another customer's, or a partial
--   delivery's id are all PT404 order_not_found (the same answer, so nobody learns which ids exist);
-- - only while the pharmacy has not started it: every row of the order's tree still at 0; else
--   PT409 order_started (nothing written);
-- - idempotent: an order whose whole tree is canceled already answers as a cancel would (a replay
--   of the outbox after a lost answer must not fail);
-- - a patient with a verified second factor needs an aal2 session (check_mfa(), as the order RPC).
--
-- Concurrency: the pharmacy starts an order with an UPDATE of its status. The order's row is
-- locked (FOR UPDATE) before its status is read, so the two are serialised on that row: the
-- pharmacy's compare-and-set (`update … set status = 1 where id = … and status = 0`) waiting
-- behind a cancel finds 99 and updates nothing, and a cancel waiting behind the pharmacy reads
-- the new status and answers order_started — never both. Locking the parent first also keeps a
-- new partial delivery (whose foreign key needs a KEY SHARE lock on it) out until the cancel ends.
create or replace function public.cancel_order(p_order_id bigint)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  target record;
  statuses smallint[];
begin
  if uid is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated',
      detail = 'Sign in to cancel an order.';
  end if;
  if not public.check_mfa() then
    raise exception using errcode = 'PT403', message = 'insufficient_aal',
      detail = 'Confirm the sign-in with the authenticator code first.';
  end if;

  select o.id, o.customer_id, o.parent into target
    from public.webshop_order o
   where o.id = p_order_id
     for update;
  if not found or target.customer_id is distinct from uid or target.parent is not null then
    raise exception using errcode = 'PT404', message = 'order_not_found',
      detail = 'There is no such order of yours.';
  end if;

  -- the order and every partial delivery below it, locked in id order (the parent is held already)
  with recursive tree as (
    select p_order_id as id
    union all
    select c.id from public.webshop_order c join tree t on c.parent = t.id
  ), locked as (
    select o.status from public.webshop_order o where o.id in (select id from tree) order by o.id for update
  )
  select array_agg(status) into statuses from locked;

  if statuses <@ array[99]::smallint[] then
    return; -- canceled already: the same answer as the first cancel
  end if;
  if not statuses <@ array[0]::smallint[] then
    raise exception using errcode = 'PT409', message = 'order_started',
      detail = 'The pharmacy has started this order; it can no longer be cancelled.';
  end if;

  with recursive tree as (
    select p_order_id as id
    union all
    select c.id from public.webshop_order c join tree t on c.parent = t.id
  )
  update public.webshop_order o set status = 99 where o.id in (select id from tree);
end
$$;
comment on function public.cancel_order(bigint) is
  'The caller cancels their own open order (status 0 of the order and its partial deliveries → 99). PT404 order_not_found (unknown, foreign or a partial delivery), PT409 order_started, PT403 insufficient_aal; a canceled order answers as a cancel would.';
revoke all on function public.cancel_order(bigint) from public, anon;
grant execute on function public.cancel_order(bigint) to authenticated, service_role;
