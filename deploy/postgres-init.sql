-- One role and one schema per service (ARCHITECTURE §5). Each role may create its own schema in
-- the freemarket database and nothing else; migrations run as that role at service start.
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
DO $$
DECLARE svc text;
BEGIN
  FOREACH svc IN ARRAY ARRAY['identity', 'directory', 'social', 'messaging', 'commerce', 'rewards'] LOOP
    EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', svc, svc);
    EXECUTE format('GRANT CONNECT, CREATE ON DATABASE freemarket TO %I', svc);
  END LOOP;
END $$;
