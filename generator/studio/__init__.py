"""The local web page (``tombgen serve``): make, preview, edit and print everything in a browser.

The page reaches tombgen only through an HTTP API (:mod:`generator.studio.app`), and the API only
through the pipeline the command line uses: a query is parsed by the product's own click command
and checked by :func:`generator.produce.make_request`, items are built by
:func:`generator.produce.build_one`, so a URL and the command it stands for give the same bytes.
Building runs in worker processes (:mod:`generator.studio.jobs`), never on the event loop.

Nothing here is imported by ``tombgen --help``; Starlette and uvicorn are imported only when the
server starts.
"""
