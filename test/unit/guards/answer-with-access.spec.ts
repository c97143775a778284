// A route whose answering read confirms a kept access (@ConfirmsKeptAccess) must answer through
// @AnswerWithAccess(), which runs the answer again once the access is authorized afresh: otherwise
// a kept access that no longer holds would answer 500 instead of the fresh authorization's answer.
import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { ConfirmsKeptAccess } from '../../../src/http/decorators/protection';
import { answerWithAccessOf } from '../../../src/http/kept-access-retry';

const srcRoot = join(__dirname, '..', '..', '..', 'src');

function controllerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? controllerFiles(path) : entry.name.endsWith('.controller.ts') ? [path] : [];
  });
}

/** [controller, method] of every handler declaring @ConfirmsKeptAccess(). */
function confirmingRoutes(): [Function, string][] {
  const reflector = new Reflector();
  return controllerFiles(srcRoot).flatMap((file) => Object.values(require(file) as Record<string, unknown>))
    .filter((value): value is Function => typeof value === 'function' && value.name.endsWith('Controller'))
    .flatMap((controller) => Object.getOwnPropertyNames(controller.prototype)
      .filter((method) => method !== 'constructor' && reflector.get(ConfirmsKeptAccess, controller.prototype[method]) === true)
      .map((method): [Function, string] => [controller, method]));
}

const takesAnswerWithAccess = (controller: Function, method: string): boolean =>
  Object.values((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { factory?: unknown }>)
    .some((argument) => argument.factory === answerWithAccessOf);

test('every route that confirms a kept access answers through @AnswerWithAccess()', () => {
  const routes = confirmingRoutes();
  const name = ([controller, method]: [Function, string]) => `${controller.name}.${method}`;
  expect(routes.map(name).sort()).toEqual(['PagesController.detail', 'SearchController.find']);
  expect(routes.filter(([controller, method]) => !takesAnswerWithAccess(controller, method)).map(name)).toEqual([]);
});
