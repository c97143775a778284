// Which unsafe requests a cookie may authenticate: exhaustive over the headers a browser sends.
import { sameSiteRequest } from '../../../src/web/cross-site';

const own = ['http://127.0.0.1:8080', 'https://kb.example.com'];

describe('sameSiteRequest', () => {
  it.each(['GET', 'HEAD', 'OPTIONS', 'get'])('lets %s through whatever it says', (method) => {
    expect(sameSiteRequest({ method, secFetchSite: 'cross-site', origin: 'https://evil.example' }, own)).toBe(true);
  });

  it.each<[string | undefined, string | undefined, boolean]>([
    ['same-origin', undefined, true],
    ['same-origin', 'https://evil.example', true],
    ['none', undefined, true],
    ['same-site', 'https://kb.example.com', false],
    ['cross-site', 'https://kb.example.com', false],
    ['CROSS-SITE', undefined, false],
    ['bogus', 'https://kb.example.com', false],
    [undefined, 'https://kb.example.com', true],
    [undefined, 'HTTPS://KB.EXAMPLE.COM', true],
    [undefined, 'http://127.0.0.1:8080', true],
    [undefined, 'http://127.0.0.1:8081', false],
    [undefined, 'https://kb.example.com.evil.example', false],
    [undefined, 'null', false],
    [undefined, '', false],
    [undefined, undefined, false],
  ])('POST with Sec-Fetch-Site %s and Origin %s: %s', (secFetchSite, origin, allowed) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(sameSiteRequest({ method, secFetchSite, origin }, own)).toBe(allowed);
    }
  });
});
