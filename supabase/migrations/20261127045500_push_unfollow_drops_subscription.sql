-- A device that stops following its last order or product keeps nothing on the server: when
-- push_unfollow removes a subscription's last follow, the subscription (its endpoint and keys)
-- is deleted with it, and with it whatever it still had waiting in push_outbox. Following again
-- saves the browser's subscription anew (push_subscribe). Follows ended by the database itself
-- (a final status, a product back in stock) leave the subscription: a notification for it may
-- still be waiting to be sent.

create or replace function public.push_unfollow(follow bigint) returns boolean
  language plpgsql
  set search_path = ''
as $$
declare
  subscription bigint;
begin
  -- The policies let the caller delete their own follows only.
  delete from public.push_follows f where f.id = push_unfollow.follow returning f.subscription_id into subscription;
  if subscription is null then
    return false;
  end if;
  delete from public.push_subscriptions s
  where s.id = subscription
    and not exists (select 1 from public.push_follows f where f.subscription_id = subscription);
  return true;
end;
$$;
comment on function public.push_unfollow(bigint) is
  'The « Notifications » page turns a follow off (the caller''s only); the last one deletes the device''s subscription.';
