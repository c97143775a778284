// What a route declares is read once per handler and class, and a handler inherited by a class
// that declares otherwise gets that class's protection.
import { Reflector } from '@nestjs/core';
import { Auth, ConfirmsKeptAccess, Public } from '../../../src/http/decorators/protection';
import { RouteProtections } from '../../../src/http/guards/route-protection';
import { fakeContext, fakeRequest } from './fake-context';

class Routes {
  @Auth('write')
  write(): void {}

  @Auth()
  @ConfirmsKeptAccess()
  read(): void {}
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
