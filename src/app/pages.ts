// The page use cases shared by every door (REST API, web UI, MCP), one verb a file.
export * from './read-pages.ts';
export * from './create-page.ts';
export * from './update-page.ts';
export * from './delete-page.ts';
