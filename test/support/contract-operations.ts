// The operations of the contract (spec "Endpoints"), paths relative to the server /api/v1, and the
// one this service adds: the calling token describes itself.
export const contractOperations = [
  ['get', '/bases/{base_id}/info'],
  ['get', '/bases/{base_id}/pages'],
  ['post', '/bases/{base_id}/pages'],
  ['get', '/bases/{base_id}/pages/{content_id}'],
  ['patch', '/bases/{base_id}/pages/{content_id}'],
  ['delete', '/bases/{base_id}/pages/{content_id}'],
  ['get', '/bases/{base_id}/search'],
  ['get', '/bases/{base_id}/tree'],
] as const;

export const tokenOperation = ['get', '/bases/{base_id}/token'] as const;
