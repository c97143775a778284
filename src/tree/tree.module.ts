// The tree of a base: its endpoint and the trees it keeps; the rows come from the pages module (TreeRowsQuery).
import { Module } from '@nestjs/common';
import { TreeRowsQuery } from '../pages/tree-rows.query';
import { TreeController } from './tree.controller';
import { TreeService } from './tree.service';

@Module({ controllers: [TreeController], providers: [TreeService, TreeRowsQuery], exports: [TreeService] })
export class TreeModule {}
