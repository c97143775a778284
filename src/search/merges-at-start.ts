// When the service starts, it folds in the pending pages of every base whose merge is due, as the
// base's next write would. A database written before the search index has every page pending (its
// migration leaves the postings to the service): left so, each search would check all their texts,
// and the base's first write would merge them all before it answered.
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { SearchIndexService } from './search-index.service';
import { SearchRepository } from './search.repository';

@Injectable()
export class MergesAtStart implements OnApplicationBootstrap {
  private readonly logger = new Logger(MergesAtStart.name);

  constructor(
    private readonly db: UnitOfWork,
    private readonly index: SearchIndexService,
    private readonly repo: SearchRepository,
  ) {}

  /**
   * Runs before the app answers requests. A merge that fails leaves its pages pending, which
   * searches read anyway and the base's next write merges: the service starts all the same.
   */
  async onApplicationBootstrap(): Promise<void> {
    for (const baseId of await this.repo.basesWithPending(this.db.reader, this.index.mergeThreshold)) {
      try {
        await this.db.write((tx) => this.index.merge(tx, baseId));
      } catch (error) {
        this.logger.warn(`merging the search index of base ${baseId} at start failed; its changes stay pending: ${(error as Error).message}`);
      }
    }
  }
}
