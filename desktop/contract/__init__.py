"""The JavaScript contract: the object whose public methods are the page's calls, and their checks."""
