import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.ts';

const STREAM =
  ': ping\n\nevent: message\nid: 41\ndata: {"conversationId":3}\n\nevent: read\ndata: {"conversationId":4}\n\n';

describe('the server-sent events parser', () => {
  it('answers the events of a stream, with their names and ids, and drops comments', () => {
    expect(createSseParser().push(STREAM)).toEqual([
      { event: 'message', id: '41', data: '{"conversationId":3}' },
      { event: 'read', id: undefined, data: '{"conversationId":4}' },
    ]);
  });

  it('gives the same events however the stream is cut into chunks', () => {
    for (let size = 1; size < 12; size++) {
      const parser = createSseParser();
      const events = [];
      for (let i = 0; i < STREAM.length; i += size) events.push(...parser.push(STREAM.slice(i, i + size)));
      expect(events, `chunks of ${size}`).toEqual(createSseParser().push(STREAM));
    }
  });

  it('reads CRLF and CR line ends, even a CRLF cut between two chunks', () => {
    const parser = createSseParser();
    expect(parser.push('event: message\r\ndata: a\r')).toEqual([]);
    expect(parser.push('\n\r\ndata: b\r\r')).toEqual([
      { event: 'message', id: undefined, data: 'a' },
      { event: 'message', id: undefined, data: 'b' },
    ]);
  });

  it('joins data lines with line breaks, keeps a value without its one leading space, waits for the blank line', () => {
    const parser = createSseParser();
    expect(parser.push('data:  two spaces\ndata:x\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', id: undefined, data: ' two spaces\nx' }]);
  });

  it('sends nothing for an event without data, and forgets its name', () => {
    const parser = createSseParser();
    expect(parser.push('event: read\nid: 5\n\ndata: y\n\n')).toEqual([{ event: 'message', id: undefined, data: 'y' }]);
  });
});
