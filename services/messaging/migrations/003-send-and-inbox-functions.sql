-- The send and the inbox page, the two statements of every conversation, as functions (decision 048): PL/pgSQL
-- keeps each statement's plan for the session, so PGlite, which plans every statement it is sent, does not plan
-- these again on every request, and PostgreSQL's default plan choice applies to them as to a named statement.

-- A page of the user's inbox: newest message first, conversations whose last message is below `before`. The page
-- is cut from the inbox index first, so the plan holds without fresh statistics (PGlite has no autovacuum).
CREATE FUNCTION messaging.inbox_page(p_username text, p_before bigint, p_limit integer)
RETURNS TABLE (
  conversation_id integer, is_seller boolean, blocks boolean, car_id integer, car_title text, car_photo text,
  other_username text, unread boolean, id bigint, text text, sent_at timestamptz, sender text
)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT p.conversation_id, p.is_seller, p.blocks, c.car_id, c.car_title, c.car_photo,
           CASE WHEN p.is_seller THEN c.buyer ELSE c.seller END, p.unread,
           m.id, m.text, m.sent_at, m.sender
      FROM (SELECT * FROM messaging.participants
             WHERE username = p_username AND last_message_id < p_before
             ORDER BY last_message_id DESC LIMIT p_limit) p
      JOIN messaging.conversations c ON c.id = p.conversation_id
      JOIN messaging.messages m ON m.id = p.last_message_id
     ORDER BY p.last_message_id DESC;
END
$$;

-- Stores a message in a conversation the user takes part in, in one statement: the checks (closed account,
-- participant, blocks, the other party, the hourly limit of `p_max_messages`, counted no further than it) and,
-- when all pass, the message, both participants' rows and the notification on `p_channel`, which goes out with
-- the commit. The conversation row is locked first, so two sends in one conversation commit in id order. One row:
-- the checks' results, and the message's columns (NULL when it was refused).
CREATE FUNCTION messaging.send_message(p_username text, p_conversation_id integer, p_text text,
  p_max_messages integer, p_channel text)
RETURNS TABLE (
  closed boolean, is_seller boolean, blocks boolean, other_blocks boolean, other_username text, n integer,
  wait integer, id bigint, conversation_id integer, text text, sent_at timestamptz, sender text, notified text
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    WITH me AS (
       SELECT p.is_seller, p.blocks, o.blocks AS other_blocks, o.username AS other_username
         FROM messaging.conversations c
         JOIN messaging.participants p ON p.conversation_id = c.id AND p.username = p_username
         LEFT JOIN messaging.participants o ON o.conversation_id = c.id AND o.is_seller <> p.is_seller
        WHERE c.id = p_conversation_id
          FOR UPDATE OF c),
     hourly AS (
       SELECT count(*)::int AS n, ceil(extract(epoch FROM min(at) + interval '1 hour' - now()))::int AS wait
         FROM (SELECT sent_at AS at FROM messaging.messages
                WHERE sender = p_username AND sent_at > now() - interval '1 hour'
                ORDER BY sent_at LIMIT p_max_messages) counted),
     checked AS (
       SELECT EXISTS (SELECT 1 FROM messaging.closed_accounts WHERE username_lower = lower(p_username)) AS closed,
              me.*, hourly.*
         FROM hourly LEFT JOIN me ON true),
     m AS (
       INSERT INTO messaging.messages (conversation_id, sender, text)
       SELECT p_conversation_id, p_username, p_text FROM checked
        WHERE NOT checked.closed AND checked.is_seller IS NOT NULL AND NOT checked.blocks
          AND checked.other_blocks IS NOT TRUE AND checked.other_username IS NOT NULL
          AND checked.n < p_max_messages
       RETURNING messages.id, messages.conversation_id, messages.text, messages.sent_at, messages.sender),
     -- The sender has seen the conversation up to their own message; the other party has one more to read.
     moved AS (
       UPDATE messaging.participants p
          SET last_message_id = m.id,
              last_incoming_id = CASE WHEN p.username = m.sender THEN p.last_incoming_id ELSE m.id END,
              read_up_to = CASE WHEN p.username = m.sender THEN m.id ELSE p.read_up_to END,
              mailed_for = CASE WHEN p.username = m.sender THEN NULL ELSE p.mailed_for END
         FROM m WHERE p.conversation_id = m.conversation_id)
     SELECT checked.closed, checked.is_seller, checked.blocks, checked.other_blocks, checked.other_username,
            checked.n, checked.wait, m.id, m.conversation_id, m.text, m.sent_at, m.sender,
            CASE WHEN m.id IS NOT NULL THEN pg_notify(p_channel, json_build_object(
              'kind', 'message', 'conversationId', m.conversation_id, 'messageId', m.id,
              'usernames', json_build_array(m.sender, checked.other_username))::text) END::text
       FROM checked LEFT JOIN m ON true;
END
$$;
