"""The Qt layer: windows, views, calculators and board drawings (Qt only here)."""

from app.ui.pyside_startup import skip_feature_scan

skip_feature_scan()  # before any of our Qt modules is imported
