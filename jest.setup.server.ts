// Server tests run with the test configuration: embedded parts unless a test says otherwise.
process.env.APP_ENV = "test";
