"""Static files storage for production: compressed, hashed, with hashed ES module imports."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage that also rewrites ``import … from "./x.js"``.

    Every module is then loaded under its hashed name, whether a template or
    another module asks for it: browsers cache each one for good, and a page
    never mixes two versions (or two instances) of the same module.
    """

    support_js_module_import_aggregation = True
