export * from './RemoteBoundary';
export * from './Spinner';
export * from './PageHeading';
export * from './StandaloneHost';
export * from './Dialog';
export * from './Price';
