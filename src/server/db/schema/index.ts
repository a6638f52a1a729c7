export * from './auth';
export * from './ein';
export * from './formations';
export * from './links';
export * from './platform';
export * from './profiles';
export * from './services';
export * from './support';
