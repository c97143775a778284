// The pages' stylesheet and script (src/web/assets), read once; same-origin files, as the CSP asks.
import { Controller, Get, NotFoundException, Param, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../docs/manual';
import { Public } from '../http/decorators/protection';
import { WebErrorFilter } from './web-error.filter';

const types: Record<string, string> = { 'kb.css': 'text/css; charset=utf-8', 'kb.js': 'text/javascript; charset=utf-8' };
const folder = join(projectRoot(__dirname), 'src', 'web', 'assets');
const files = new Map(Object.entries(types).map(([name, type]) => [name, { type, body: readFileSync(join(folder, name)) }]));

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@Controller('assets')
export class AssetsController {
  @Get(':name')
  asset(@Param('name') name: string, @Res() response: Response): void {
    const file = files.get(name);
    if (!file) throw new NotFoundException();
    response.type(file.type).setHeader('Cache-Control', 'public, max-age=3600');
    response.send(file.body);
  }
}
