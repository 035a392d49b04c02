/// <reference path="../../shared/src/types.d.ts" />
