// The pages' stylesheet and scripts, read once; same-origin files, as the CSP asks. kb.css and kb.js
// come from src/web/assets; the TypeScript islands (src/web/islands) from their build, dist/web/islands.
import { Controller, Get, NotFoundException, Param, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../docs/manual';
import { Public } from '../http/decorators/protection';
import { WebErrorFilter } from './web-error.filter';

const root = projectRoot(__dirname);
const types: Record<string, string> = { 'kb.css': 'text/css; charset=utf-8', 'kb.js': 'text/javascript; charset=utf-8' };
const assetsFolder = join(root, 'src', 'web', 'assets');
const files = new Map(Object.entries(types).map(([name, type]) => [name, { type, body: readFileSync(join(assetsFolder, name)) }]));

const islandsFolder = join(root, 'dist', 'web', 'islands');
const islands = new Map(
  (existsSync(islandsFolder) ? readdirSync(islandsFolder) : [])
    .filter((name) => name.endsWith('.js'))
    .map((name) => [name, { type: 'text/javascript; charset=utf-8', body: readFileSync(join(islandsFolder, name)) }]),
);

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@Controller('assets')
export class AssetsController {
  @Get(':name')
  asset(@Param('name') name: string, @Res() response: Response): void {
    this.send(files.get(name), response);
  }

  @Get('islands/:name')
  island(@Param('name') name: string, @Res() response: Response): void {
    this.send(islands.get(name), response);
  }

  private send(file: { type: string; body: Buffer } | undefined, response: Response): void {
    if (!file) throw new NotFoundException();
    response.type(file.type).setHeader('Cache-Control', 'public, max-age=3600');
    response.send(file.body);
  }
}
