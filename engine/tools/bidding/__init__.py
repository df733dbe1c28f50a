"""The calibrated bidder's data: deals solved for every hand that might bid, and the model fitted
to them (:mod:`engine.players.bid_model`). ``python -m engine.tools.bidding`` regenerates both.
"""
