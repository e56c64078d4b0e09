-- The back office's product pictures (issue 12): the `catalogue` bucket of Supabase Storage.
-- Public: the storefront shows a picture by its public URL, with no session. Storage itself
-- refuses a file of another type or over the limit (415 and 413), whatever the client checked:
-- the same types and the same 2 Mo as src/domain/catalogue/picture-file.ts (PICTURE_TYPES,
-- MAX_PICTURE_BYTES). Writes are for admins only (a JWT whose app_metadata.role is 'admin', as
-- for the catalogue's tables: app_metadata is set by the service role, never by the user).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('catalogue', 'catalogue', true, 2097152, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Reading the rows (listing, and the check Storage makes before a removal): everyone, as the
-- pictures are public anyway.
create policy "Everyone reads the catalogue's pictures" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'catalogue');
create policy "Admins add catalogue pictures" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'catalogue' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins change catalogue pictures" on storage.objects
  for update to authenticated
  using (bucket_id = 'catalogue' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (bucket_id = 'catalogue' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins delete catalogue pictures" on storage.objects
  for delete to authenticated
  using (bucket_id = 'catalogue' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
