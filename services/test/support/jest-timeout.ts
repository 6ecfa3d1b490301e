// Integration suites migrate a fresh MySQL database (twenty migrations, triggers included) in their
// set-up, which can take more than jest's default 5 s on a busy machine. Suites that start
// processes set a longer limit of their own.
jest.setTimeout(30_000);
