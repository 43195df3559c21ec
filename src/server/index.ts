export { type AppOptions, createApp } from './app.js';
export { type RunningServer, type ServerOptions, startServer } from './serve.js';
