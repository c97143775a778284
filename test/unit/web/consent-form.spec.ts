// The consent form's plain rules: which posted fields are the authorize request's, the decision
// and access read from it, and the one CSP source its answer may redirect to.
import { accessOf, authorizeParametersOf, decisionOf, formTargetOf } from '../../../src/web/oauth/consent-form';

describe('the consent form', () => {
  it('carries every posted field but its own as the authorize request\'s parameters', () => {
    expect(authorizeParametersOf({ client_id: 'c', state: 's', scope: 'pages:read', base: 'b', access: 'write', decision: 'allow' }))
      .toEqual({ client_id: 'c', state: 's', scope: 'pages:read' });
    expect(authorizeParametersOf(undefined)).toEqual({});
  });

  it('reads the decision, and any access but write as read', () => {
    expect(decisionOf({ decision: 'allow' })).toBe('allow');
    expect(decisionOf({ decision: 'deny' })).toBe('deny');
    expect(decisionOf({ decision: 'yes' })).toBeUndefined();
    expect(accessOf({ access: 'write' })).toBe('write');
    expect(accessOf({ access: 'admin' })).toBe('read');
    expect(accessOf({})).toBe('read');
  });

  it.each([
    ['http://127.0.0.1:50123/callback', 'http://127.0.0.1:50123'],
    ['http://localhost:8080/cb?x=1', 'http://localhost:8080'],
    ['https://app.example/oauth/callback', 'https://app.example'],
    // A CSP host source cannot name an IPv6 literal: the scheme, for this one page.
    ['http://[::1]:3000/cb', 'http:'],
    ['com.example.app:/oauth2redirect', 'com.example.app:'],
    ['cursor://anysphere.cursor-retrieval/oauth/callback', 'cursor:'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['not a url', undefined],
  ])('lets the answer to %s redirect to %s', (uri, source) => {
    expect(formTargetOf(uri)).toBe(source);
  });
});
