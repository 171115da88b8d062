-- The states of the ads of an inbox page (messaging's inbox marks the others removed), as a function whose plan
-- PL/pgSQL keeps for the session: it runs on every inbox request, and PGlite plans every statement it is sent
-- (decision 048).
CREATE FUNCTION inventory.shown_states(p_ids integer[])
RETURNS TABLE (id integer, status text)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT c.id, c.status FROM inventory.cars c WHERE c.id = ANY (p_ids) AND c.status IN ('active', 'sold');
END
$$;
