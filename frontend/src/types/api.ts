// The API's types, generated from docs/openapi.json into contract/api.d.ts (`npm run api:types`),
// one file for the frontend and the CLI (docs/architecture.md, "The contract").
export type { components, operations, paths } from '../../../contract/api'
