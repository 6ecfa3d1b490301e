// `npm run test:unit`: every workspace's jest suites in one run (the e2e workspace uses Playwright).
const swcWeb = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const swcNode = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const swcModules = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

const web = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  transform: { '^.+\\.(t|j)sx?$': swcWeb, '\\.(mp4|jpe?g|png|svg|webp)$': '<rootDir>/../scripts/jest/file-stub.js' },
  moduleNameMapper: {
    '^@veo3/platform/(.*)$': '<rootDir>/../platform/src/$1',
    '^@veo3/contracts/(.*)$': '<rootDir>/../contracts/src/$1',
    '\\.css$': '<rootDir>/../scripts/jest/style-stub.js',
  },
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest/web-setup.js'],
});

module.exports = {
  reporters: ['default', '<rootDir>/scripts/jest/summary-reporter.js'],
  projects: [
    ...['platform', 'shell', 'mfe-generator', 'mfe-billing', 'mfe-blog', 'mfe-blog-admin', 'mfe-admin'].map(web),
    {
      // The build's own modules (releases), plain ES modules run as CommonJS.
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/*.spec.mjs'],
      transform: { '^.+\\.mjs$': swcModules },
    },
    {
      // The API contract (zod only): run as TypeScript source, like every consumer's tests do.
      displayName: 'contracts',
      rootDir: '<rootDir>/contracts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform: { '^.+\\.tsx?$': swcNode },
    },
    {
      displayName: 'services',
      rootDir: '<rootDir>/services',
      testEnvironment: 'node',
      // A longer default limit than jest's 5 s (test/support/jest-timeout.ts).
      setupFilesAfterEnv: ['<rootDir>/test/support/jest-timeout.ts'],
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      transform: { '^.+\\.tsx?$': swcNode, '^.+\\.[cm]?js$': swcModules },
      // Nest 12 and several of its dependencies ship ES modules, which Jest on Node 20 can only
      // load once compiled to CommonJS (native require(esm) in Jest needs Node 24.9).
      transformIgnorePatterns: [],
      // The contract as source (its package exports point Node at the built dist).
      moduleNameMapper: { '^@veo3/contracts/(.*)$': '<rootDir>/../contracts/src/$1' },
    },
  ],
};
