// A page's body prepared for storing, with a body that cannot be rendered safely (content-refused.ts)
// turned into the 400 that names it. The sent body of a PATCH is prepared before its page is read.
import { ContentRefused } from '../content/content-refused';
import { prepareContent, type PreparedContent } from '../content/prepare';
import { badRequest } from '../errors/domain-error';
import type { ContentType } from '../vocabulary';

/** A body sent, prepared as `type`, or what refused it as that type. */
export interface SentContent {
  body: string;
  type: ContentType;
  outcome: PreparedContent | ContentRefused;
}

function prepared(type: ContentType, body: string): PreparedContent | ContentRefused {
  try {
    return prepareContent(type, body);
  } catch (error) {
    if (error instanceof ContentRefused) return error;
    throw error;
  }
}

/** The request's body as `type`: a refusal is a 400 naming "body". */
export function sentBodyContent(type: ContentType, body: string): PreparedContent {
  return accepted(prepared(type, body), (reason) => `The field "body" ${reason}`);
}

/** The page's stored body as a newly sent `type`: a refusal is a 400 asking for a body of that type. */
export function storedBodyContent(type: ContentType, body: string): PreparedContent {
  return accepted(prepared(type, body), (reason) => `The page's body ${reason} Send a "body" with the new "content_type".`);
}

/**
 * The body of a PATCH, before its page is read: refused at once when its type was sent too. Sent
 * without one it is prepared as Markdown, the default, and a refusal waits for the page's own type
 * (a text page may hold any text): usedAs answers it then.
 */
export function sentContent(type: ContentType | undefined, body: string): SentContent {
  if (type !== undefined) return { body, type, outcome: sentBodyContent(type, body) };
  return { body, type: 'M', outcome: prepared('M', body) };
}

/** The sent body as the page's `type`: prepared again when it was prepared as another. */
export function usedAs(sent: SentContent, type: ContentType): PreparedContent {
  if (sent.type !== type) return sentBodyContent(type, sent.body);
  return accepted(sent.outcome, (reason) => `The field "body" ${reason}`);
}

function accepted(outcome: PreparedContent | ContentRefused, message: (reason: string) => string): PreparedContent {
  if (outcome instanceof ContentRefused) throw badRequest(message(outcome.reason));
  return outcome;
}
