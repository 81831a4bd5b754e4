import type { CodegenConfig } from '@graphql-codegen/cli';

// The web client's typed documents, generated from the schema the API builds with type-graphql
// (`npm run codegen` first prints it to api/main/schema.graphql).
const config: CodegenConfig = {
  schema: 'api/main/schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*', '!web/src/**/*.spec.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTimeISO: 'string', LocalDate: 'string', UUID: 'string', EmailAddress: 'string' },
      },
    },
  },
};

export default config;
