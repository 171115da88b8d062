/** One server-sent event as the stream delivered it (the WHATWG rules, the parts this app uses). */
export interface SseEvent {
  /** 'message' when the server named none. */
  event: string;
  data: string;
  /** The `id:` field of this event, when it had one. */
  id: string | undefined;
}

/**
 * A parser fed the stream's text as it comes, in chunks cut anywhere (even inside a line or between CR and LF):
 * answers the events each chunk completes. Comments (`: ping`) and events without data are dropped.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let hasData = false;
  // A chunk ended on CR: an LF opening the next chunk belongs to that line break.
  let skipLf = false;

  function dispatch(out: SseEvent[]) {
    if (hasData) out.push({ event: event || 'message', data: data.join('\n'), id });
    event = '';
    data = [];
    id = undefined;
    hasData = false;
  }

  function line(text: string, out: SseEvent[]) {
    if (text === '') return dispatch(out);
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    } else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    push(chunk: string): SseEvent[] {
      const out: SseEvent[] = [];
      if (skipLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLf = false;
      buffer += chunk;
      for (;;) {
        const at = buffer.search(/[\r\n]/);
        if (at === -1) break;
        const crlf = buffer[at] === '\r' && buffer[at + 1] === '\n';
        if (buffer[at] === '\r' && at === buffer.length - 1) skipLf = true;
        line(buffer.slice(0, at), out);
        buffer = buffer.slice(at + (crlf ? 2 : 1));
      }
      return out;
    },
  };
}
