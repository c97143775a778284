// Ceiling 2: the framework alone. A NestJS + Express app with one GET route returning the same
// page-sized object as the bare ceiling, with Nest's and Express's default settings (JSON
// serialised per request, ETag, x-powered-by, body parsers); only the start-up log is off.
// Given a MySQL/MariaDB URL, it first waits for one `SELECT 1` on a pool of as many connections as
// the service's (the control of the two-services section: a hello that waits on the database, as
// each request of the service does). Prints the URL it listens on as its first line of output.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import type { Pool } from 'mysql2/promise';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { fixedAnswer } from './fixed-answer';

const answer = fixedAnswer();
const databaseUrl = process.argv[2];

@Controller()
class HelloController {
  @Get()
  hello(): Record<string, unknown> {
    return answer;
  }
}

@Module({ controllers: [HelloController] })
class HelloModule {}

// The same answer after a round trip to the database. mysql2 is loaded only when a URL is given:
// loaded into the plain hello, it made that ceiling about 12% cheaper a request (measured in three
// runs), and the ceiling must stay the framework alone.
const pool: Pool | undefined = databaseUrl === undefined ? undefined : (require('mysql2/promise') as typeof import('mysql2/promise')).createPool({ uri: databaseUrl, connectionLimit: 10 });

@Controller()
class DatabaseHelloController {
  @Get()
  async hello(): Promise<Record<string, unknown>> {
    await pool!.query('SELECT 1');
    return answer;
  }
}

@Module({ controllers: [DatabaseHelloController] })
class DatabaseHelloModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(pool ? DatabaseHelloModule : HelloModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  process.stdout.write(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}\n`);
}

void main();
