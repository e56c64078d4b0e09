// The CORS headers Supabase documents for functions invoked from a browser, kept in step with
// the headers supabase-js sends (authorization, x-client-info, apikey, content-type, …).
export { corsHeaders } from 'npm:@supabase/supabase-js@2.109.0/cors';
