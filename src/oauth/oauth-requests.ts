// Reading the OAuth endpoints' bodies (the token and revocation endpoints take forms, registration
// JSON), read by the route itself since the app parses no body before its routes.
import express, { type Request, type Response } from 'express';
import { invalidRequest, OAuthError } from './oauth-error';

const form = express.urlencoded({ extended: false, limit: 16 * 1024, parameterLimit: 30, type: () => true });
const json = express.json({ limit: 64 * 1024, strict: true, type: () => true });

function parse(parser: express.RequestHandler, request: Request, response: Response): Promise<unknown> {
  return new Promise((resolve, reject) => {
    parser(request, response, (error?: unknown) => (error ? reject(error) : resolve(request.body)));
  });
}

const mediaTypeOf = (request: Request): string => (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

/** The form's parameters, each sent once (RFC 6749 §3.2); invalid_request otherwise. */
export async function readForm(request: Request, response: Response): Promise<Record<string, string>> {
  if (mediaTypeOf(request) !== 'application/x-www-form-urlencoded') throw invalidRequest('Send the parameters as application/x-www-form-urlencoded.');
  const body = (await parse(form, request, response)) as Record<string, unknown> | undefined;
  const parameters: Record<string, string> = {};
  for (const [name, value] of Object.entries(body ?? {})) {
    if (typeof value !== 'string') throw invalidRequest(`The parameter ${name} was sent more than once.`);
    // Sent without a value: as if omitted (RFC 6749 §3.1).
    if (value !== '') parameters[name] = value;
  }
  return parameters;
}

/** The JSON body of a registration. */
export async function readJson(request: Request, response: Response): Promise<unknown> {
  if (mediaTypeOf(request) !== 'application/json') throw new OAuthError('invalid_client_metadata', 'Send the client metadata as application/json.');
  return parse(json, request, response);
}
