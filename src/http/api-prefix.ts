/** Where the REST API v1 lives. */
export const API_PREFIX = '/api/v1';
