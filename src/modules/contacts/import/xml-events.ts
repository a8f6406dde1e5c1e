import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface XmlHandlers {
  /** `name` without its namespace prefix: writers may spell `<row>` as `<x:row>`. */
  open?(name: string, attributes: Record<string, string>): void;
  /** Character data (entities decoded) and CDATA. */
  text?(text: string): void;
  close?(name: string): void;
}

export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The most characters the parser may hold for one node before handing it over: it keeps a text node, a
 * comment or a CDATA section whole until it ends, so the cell and shared-string bounds, which run on what it
 * hands over, come too late for one node of hundreds of megabytes (a few hundred KB zipped). Far above any
 * real node: a cell holds at most 32,767 characters, four bytes of markup each at worst.
 */
export const MAX_PENDING_XML_CHARS = 1024 * 1024;

/** What saxes accumulates between events (its own fields; checked defensively, absent means nothing). */
interface SaxesBuffers {
  text?: string;
  name?: string;
  entity?: string;
}

function pendingChars(parser: SaxesParser<{ xmlns: false; position: false }>): number {
  const buffers = parser as unknown as SaxesBuffers;
  return (buffers.text?.length ?? 0) + (buffers.name?.length ?? 0) + (buffers.entity?.length ?? 0);
}

/**
 * Feeds `source` (UTF-8 XML) to a SAX parser chunk by chunk and yields after each chunk, so the caller hands
 * on what its handlers collected with one chunk in memory, and may stop early (the source is destroyed).
 * The decoder keeps a character split between two chunks whole.
 */
export async function* xmlChunks(source: Readable, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= err;
  });
  const { open, text, close } = handlers;
  if (open) {
    parser.on('opentag', (tag: SaxesTagPlain) =>
      open(localName(tag.name), tag.attributes as Record<string, string>),
    );
  }
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (close) parser.on('closetag', (tag: SaxesTagPlain) => close(localName(tag.name)));
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      parser.write(decoder.write(chunk));
      if (failure) throw failure;
      if (pendingChars(parser) > MAX_PENDING_XML_CHARS)
        throw new Error(`one XML node is longer than ${MAX_PENDING_XML_CHARS} characters`);
      yield;
    }
    parser.write(decoder.end()).close();
    if (failure) throw failure;
  } finally {
    source.destroy();
  }
}

/** Reads the whole of `source`, for parts whose handlers keep only what they need. */
export async function parseXml(source: Readable, handlers: XmlHandlers): Promise<void> {
  for await (const _ of xmlChunks(source, handlers)) {
    // the handlers collect
  }
}
