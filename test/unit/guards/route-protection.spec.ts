// What a route declares is read once per handler and class, and a handler inherited by a class
// that declares otherwise gets that class's protection. A kept token answer is offered only to a
// route whose answer is held back until it is confirmed (kept-access-retry.ts).
import { Get, Logger, Next, Patch, Res } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Auth, ConfirmsKeptAccess, Public } from '../../../src/http/decorators/protection';
import { RouteProtections } from '../../../src/http/guards/route-protection';
import { AnswerWithAccess } from '../../../src/http/kept-access-retry';
import { fakeContext, fakeRequest } from './fake-context';

class Routes {
  @Auth('write')
  write(): void {}

  @Get()
  @Auth()
  @ConfirmsKeptAccess()
  read(@AnswerWithAccess() _answer: AnswerWithAccess): void {}

  @Get()
  @Auth()
  @ConfirmsKeptAccess()
  withoutAnswer(): void {}

  @Get()
  @Auth()
  @ConfirmsKeptAccess()
  sendsItself(@AnswerWithAccess() _answer: AnswerWithAccess, @Res() _response: unknown): void {}

  @Get()
  @Auth()
  @ConfirmsKeptAccess()
  callsNext(@AnswerWithAccess() _answer: AnswerWithAccess, @Next() _next: unknown): void {}

  @Get()
  @Auth()
  @ConfirmsKeptAccess()
  setsHeaders(@AnswerWithAccess() _answer: AnswerWithAccess, @Res({ passthrough: true }) _response: unknown): void {}

  @Patch()
  @Auth('write')
  @ConfirmsKeptAccess()
  writes(@AnswerWithAccess() _answer: AnswerWithAccess): void {}
}

@Public()
class OpenRoutes extends Routes {}

describe('RouteProtections', () => {
  const of = (protections: RouteProtections, handler: Function, owner: Function) => protections.of(fakeContext(fakeRequest(), handler, owner));

  it('gives what the handler and its class declare', () => {
    const protections = new RouteProtections(new Reflector());
    expect(of(protections, Routes.prototype.write, Routes)).toEqual({ open: false, confirmsKeptAccess: false, scope: 'write' });
    expect(of(protections, Routes.prototype.read, Routes)).toEqual({ open: false, confirmsKeptAccess: true, scope: 'read' });
  });

  it('offers a kept access only to a GET where @AnswerWithAccess() answers and Nest sends the answer, and names the others', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const protections = new RouteProtections(new Reflector());
    const confirms = (handler: Function) => of(protections, handler, Routes).confirmsKeptAccess;
    expect(confirms(Routes.prototype.read)).toBe(true);
    expect(confirms(Routes.prototype.setsHeaders)).toBe(true);
    expect(confirms(Routes.prototype.withoutAnswer)).toBe(false);
    expect(confirms(Routes.prototype.sendsItself)).toBe(false);
    expect(confirms(Routes.prototype.callsNext)).toBe(false);
    // A write's answer held back would not undo what it committed: it reads its token.
    expect(confirms(Routes.prototype.writes)).toBe(false);
    expect(warn.mock.calls.map(([message]) => String(message).split(' ')[0])).toEqual(['Routes.withoutAnswer', 'Routes.sendsItself', 'Routes.callsNext', 'Routes.writes']);
    warn.mockRestore();
  });

  it('tells an inherited handler apart by the class it is reached through', () => {
    const protections = new RouteProtections(new Reflector());
    expect(of(protections, Routes.prototype.read, Routes).open).toBe(false);
    expect(of(protections, Routes.prototype.read, OpenRoutes).open).toBe(true);
    expect(of(protections, Routes.prototype.read, Routes).open).toBe(false);
  });

  it('reads the metadata once per handler and class', () => {
    const reflector = new Reflector();
    const reads = jest.spyOn(reflector, 'getAllAndOverride');
    const protections = new RouteProtections(reflector);
    for (let i = 0; i < 3; i++) of(protections, Routes.prototype.write, Routes);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
