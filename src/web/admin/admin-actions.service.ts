// What an administrator does on /admin, with its rules: never to themselves (an administrator
// cannot lock themselves out), a new user gets a one-time link instead of a password, a new base
// gets its first owner in the same transaction.
import { Injectable } from '@nestjs/common';
import { MembersService } from '../../auth/members.service';
import { BasesService, type BaseRecord } from '../../bases/bases.service';
import { badRequest } from '../../errors/domain-error';
import { AccountsService, type Account } from '../../identity/accounts.service';
import { OneTimeLinksService } from '../../identity/one-time-links.service';

export interface IssuedLink {
  email: string;
  /** The one-time secret of /setup/<secret>. */
  secret: string;
}

@Injectable()
export class AdminActions {
  constructor(
    private readonly accounts: AccountsService,
    private readonly links: OneTimeLinksService,
    private readonly bases: BasesService,
    private readonly members: MembersService,
  ) {}

  async overview(): Promise<{ accounts: Account[]; bases: BaseRecord[] }> {
    const [accounts, bases] = await Promise.all([this.accounts.list(), this.bases.list()]);
    return { accounts, bases };
  }

  async createUser(input: { email: string; name: string; admin: boolean }): Promise<IssuedLink> {
    const account = await this.accounts.create({ email: input.email, name: input.name || undefined, admin: input.admin });
    return { email: account.email, secret: await this.links.issue(account.userId) };
  }

  async signInLink(userId: number): Promise<IssuedLink> {
    const account = await this.accounts.get(userId);
    if (!account || account.disabled) throw badRequest('There is no such active user.');
    return { email: account.email, secret: await this.links.issue(account.userId) };
  }

  async setAdmin(actingUserId: number, userId: number, admin: boolean): Promise<void> {
    this.notOneself(actingUserId, userId);
    await this.accounts.setAdmin(userId, admin);
  }

  async setDisabled(actingUserId: number, userId: number, disabled: boolean): Promise<void> {
    this.notOneself(actingUserId, userId);
    await this.accounts.setDisabled(userId, disabled);
  }

  async account(userId: number): Promise<Account | null> {
    return this.accounts.get(userId);
  }

  createBase(input: { baseId: string; description: string; view: string; owner: string }): Promise<unknown> {
    return this.members.createBaseWithOwner({ baseId: input.baseId, description: input.description, view: input.view }, input.owner);
  }

  private notOneself(actingUserId: number, userId: number): void {
    if (actingUserId === userId) throw badRequest('Administrators cannot change their own role or disable themselves here.');
  }
}
