// Async boundary so shared singletons are negotiated before the standalone host runs.
import('./bootstrap');
