// The texts of a knowledge base's members and settings pages, in English and Japanese (key for key).
import type { Role } from '../../vocabulary';

export const membersEn = {
  membersTitle: (baseId: string) => `Members of ${baseId}`,
  membersBaseNavigation: 'Knowledge base',
  membersNavPages: 'Pages',
  membersNavMembers: 'Members',
  membersNavSettings: 'Settings',

  membersAddHeading: 'Add a member',
  membersEmail: 'Email',
  membersRole: 'Role',
  membersAdd: 'Add member',
  membersAddHint: 'Only people with an account on this service can be added; an administrator creates accounts.',
  membersRoleNames: { owner: 'Owner', writer: 'Writer', reader: 'Reader' } satisfies Record<Role, string>,
  membersRolesHint: 'Readers read the pages. Writers also create, edit, move, delete and restore them. Owners also manage members and settings, delete pages forever and use the REST API.',

  membersListHeading: 'Members',
  membersColName: 'Name',
  membersColEmail: 'Email',
  membersColRole: 'Role',
  membersColActions: 'Actions',
  membersYou: ' (you)',
  membersChangeRole: 'Change role',
  membersRemove: 'Remove',

  membersRemoveTitle: 'Remove a member',
  membersRemoveQuestion: (email: string, baseId: string) =>
    `Remove ${email} from ${baseId}? They lose their role here at once, and their API tokens for this knowledge base stop working.`,
  membersRemoveSelfQuestion: (baseId: string) =>
    `Remove yourself from ${baseId}? You can no longer manage it, and your API tokens for it stop working.`,

  memberAdded: 'The member was added.',
  memberRoleChanged: 'The role was changed.',
  memberRemoved: 'The member was removed.',

  membersBadEmail: (email: string) => `"${email}" is not an email address (expected something like alice@example.com).`,
  membersBadRole: 'Choose one of the roles: owner, writer or reader.',
  membersUnknownUser: (email: string) => `There is no account for ${email}. Ask an administrator to create it, then add it here.`,
  membersAlreadyMember: (email: string, role: string) => `${email} is already a member (${role}). Change their role in the list below.`,
  membersNotMember: 'This person is not a member of this knowledge base.',
  membersLastOwner: 'A knowledge base needs at least one owner: make another member an owner first.',

  settingsTitle: (baseId: string) => `Settings of ${baseId}`,
  settingsDescription: 'Description',
  settingsDescriptionHint: (max: number) => `What the knowledge base holds; at most ${max} characters.`,
  settingsVisibility: 'Who can read it',
  settingsViewNames: { O: 'Public', L: 'Members only', I: 'Signed-in users' },
  settingsViewHints: {
    O: 'Anyone, signed in or not, can read its pages.',
    L: 'Only its members can read its pages.',
    I: 'Anyone signed in to this service can read its pages.',
  },
  settingsViewNote: 'A page with a visibility of its own keeps it.',
  settingsSave: 'Save',
  settingsSaved: 'The settings were saved.',
  settingsDescriptionTooLong: (max: number) => `The description may have at most ${max} characters.`,
  settingsBadView: 'Choose who can read the knowledge base.',
};

export const membersJa: typeof membersEn = {
  membersTitle: (baseId: string) => `${baseId} のメンバー`,
  membersBaseNavigation: 'ナレッジベース',
  membersNavPages: 'ページ',
  membersNavMembers: 'メンバー',
  membersNavSettings: '設定',

  membersAddHeading: 'メンバーの追加',
  membersEmail: 'メールアドレス',
  membersRole: '役割',
  membersAdd: 'メンバーを追加',
  membersAddHint: '追加できるのは、このサービスにアカウントがある人だけです。アカウントは管理者が作成します。',
  membersRoleNames: { owner: 'オーナー', writer: '編集者', reader: '閲覧者' },
  membersRolesHint: '閲覧者はページを読めます。編集者はさらにページの作成・編集・移動・削除・復元ができます。オーナーはさらにメンバーと設定の管理、ページの完全な削除、REST API の利用ができます。',

  membersListHeading: 'メンバー一覧',
  membersColName: '名前',
  membersColEmail: 'メールアドレス',
  membersColRole: '役割',
  membersColActions: '操作',
  membersYou: '（あなた）',
  membersChangeRole: '役割を変更',
  membersRemove: 'メンバーから外す',

  membersRemoveTitle: 'メンバーを外す',
  membersRemoveQuestion: (email: string, baseId: string) =>
    `${email} を ${baseId} のメンバーから外しますか？この人の役割はすぐになくなり、このナレッジベースの API トークンも使えなくなります。`,
  membersRemoveSelfQuestion: (baseId: string) =>
    `自分を ${baseId} のメンバーから外しますか？このナレッジベースを管理できなくなり、その API トークンも使えなくなります。`,

  memberAdded: 'メンバーを追加しました。',
  memberRoleChanged: '役割を変更しました。',
  memberRemoved: 'メンバーから外しました。',

  membersBadEmail: (email: string) => `「${email}」はメールアドレスの形になっていません（例: alice@example.com）。`,
  membersBadRole: '役割はオーナー、編集者、閲覧者から選んでください。',
  membersUnknownUser: (email: string) => `${email} のアカウントはありません。管理者にアカウントの作成を頼んでから、ここで追加してください。`,
  membersAlreadyMember: (email: string, role: string) => `${email} はすでにメンバーです（${role}）。役割は下の一覧で変更できます。`,
  membersNotMember: 'この人はこのナレッジベースのメンバーではありません。',
  membersLastOwner: 'ナレッジベースには少なくとも 1 人のオーナーが必要です。先にほかのメンバーをオーナーにしてください。',

  settingsTitle: (baseId: string) => `${baseId} の設定`,
  settingsDescription: '説明',
  settingsDescriptionHint: (max: number) => `ナレッジベースの内容の説明です（${max} 文字まで）。`,
  settingsVisibility: '読める人',
  settingsViewNames: { O: '公開', L: 'メンバーのみ', I: 'サインインしたユーザー' },
  settingsViewHints: {
    O: 'サインインしていない人も含め、誰でもページを読めます。',
    L: 'このナレッジベースのメンバーだけがページを読めます。',
    I: 'このサービスにサインインした人なら誰でもページを読めます。',
  },
  settingsViewNote: '独自の公開範囲を持つページは、その設定のままです。',
  settingsSave: '保存',
  settingsSaved: '設定を保存しました。',
  settingsDescriptionTooLong: (max: number) => `説明は ${max} 文字以内にしてください。`,
  settingsBadView: 'ナレッジベースを読める人を選んでください。',
};
