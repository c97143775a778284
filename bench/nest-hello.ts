// Ceiling 2: the framework alone. A NestJS + Express app with one GET route returning the same
// page-sized object as the bare ceiling, with Nest's and Express's default settings (JSON
// serialised per request, ETag, x-powered-by, body parsers); only the start-up log is off.
// Prints the URL it listens on as its first line of output.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { fixedAnswer } from './fixed-answer';

const answer = fixedAnswer();

@Controller()
class HelloController {
  @Get()
  hello(): Record<string, unknown> {
    return answer;
  }
}

@Module({ controllers: [HelloController] })
class HelloModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(HelloModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  process.stdout.write(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}\n`);
}

void main();
