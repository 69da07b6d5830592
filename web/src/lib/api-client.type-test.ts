// Checked by `tsc` (npm test), never run: each line below must stay a type error, so a client
// that lost its route types would make these `@ts-expect-error`s unused and fail the check.
import { api } from './api-client';

export function wrongCallsDoNotCompile(id: string) {
  // @ts-expect-error -- no such route
  void api.GET('/posts/{id}', { params: { path: { id } } });
  // @ts-expect-error -- no such query parameter
  void api.GET('/post', { params: { query: { teamId: id, sort: 'date' } } });
  // @ts-expect-error -- path parameter missing
  void api.GET('/post/{id}', {});
  // @ts-expect-error -- body has the wrong shape (a team's name is a string)
  void api.POST('/team', { body: { name: 42 } });
  // @ts-expect-error -- PATCH is not a method of this route
  void api.PATCH('/team', { body: { name: 'x' } });
}
